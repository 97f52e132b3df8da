import { ArrowLeft } from 'lucide-react';
import { useCallback, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { useGetPrototypesQuery, usePlanPrototypeMutation } from '../../api/areas/prototypes';
import { useAppSelector } from '../../app/hooks';
import { Page } from '../../components/Page/Page';
import { paths } from '../../lib/paths';
import { PRIVILEGES } from '../../../domain/privilegeNames';
import { selectAccess } from '../../state/privileges';
import { InstanceChooser } from './bulk/InstanceChooser';
import { PlanView } from './bulk/PlanView';
import { ASSETS_PARAM, PLAN_PARAM, PROTOTYPE_PARAM, readAssets } from './prototypes/prototypeAddress';
import './prototypes/prototypes.css';
import './bulk/bulk.css';

const LIST_LIMIT = 1000;

/**
 * /assets/prototypes/bulk (READ_PROTOTYPES): choose a prototype and its instances, get the plan
 * that brings them in step, choose keep or update where both sides changed, apply it as a job and
 * undo it. The address holds the prototype, the instances and the plan.
 */
export function AssetPrototypesBulkPage() {
  const { t } = useTranslation();
  const can = useAppSelector(selectAccess);
  const canManage = can({ privileges: [PRIVILEGES.ManagePrototypes] });
  const [params, setParams] = useSearchParams();
  const prototypes = useGetPrototypesQuery({ limit: LIST_LIMIT });
  const [plan, planState] = usePlanPrototypeMutation();
  const prototypeUuid = params.get(PROTOTYPE_PARAM) ?? '';
  const planUuid = params.get(PLAN_PARAM);
  const prototypeName = prototypes.data?.find((item) => item.UUID === prototypeUuid)?.Name ?? '';

  const latestParams = useRef(params);
  latestParams.current = params;
  const update = useCallback(
    (change: (address: URLSearchParams) => void, replace = false) => {
      const address = new URLSearchParams(latestParams.current);
      change(address);
      setParams(address, { replace });
    },
    [setParams],
  );

  const makePlan = async (assetUuids: string[]) => {
    if (prototypeUuid === '') return;
    const result = await plan({ id: prototypeUuid, prototypePlanRequest: { AssetUUIDs: assetUuids } });
    if (!result.error) {
      update((address) => {
        address.set(PLAN_PARAM, result.data.UUID);
        address.set(ASSETS_PARAM, assetUuids.join(','));
      });
    }
  };

  return (
    <Page
      title={t('pages.asset_prototypes_bulk')}
      description={t('prototypes.bulk.description')}
      className="bulk-page"
      actions={
        <Link className="button" to={paths.assetPrototypes}>
          <ArrowLeft size={16} aria-hidden="true" focusable="false" />
          {t('prototypes.bulk.to_prototypes')}
        </Link>
      }
    >
      {planUuid ? (
        <>
          <button type="button" className="bulk-link bulk-back" onClick={() => update((address) => address.delete(PLAN_PARAM))}>
            <ArrowLeft size={16} aria-hidden="true" focusable="false" />
            {t('prototypes.bulk.other_instances')}
          </button>
          <PlanView key={planUuid} planUuid={planUuid} prototypeName={prototypeName} canManage={canManage} planning={planState.isLoading} onPlanAgain={(assetUuids) => void makePlan(assetUuids)} />
        </>
      ) : (
        <InstanceChooser
          prototypes={prototypes.data}
          prototypeUuid={prototypeUuid}
          preselected={readAssets(params)}
          planning={planState.isLoading}
          onPrototype={(uuid) =>
            update((address) => {
              address.set(PROTOTYPE_PARAM, uuid);
              address.delete(ASSETS_PARAM);
            }, true)
          }
          onPlan={(assetUuids) => void makePlan(assetUuids)}
        />
      )}
    </Page>
  );
}
