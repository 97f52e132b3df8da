import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useInstantiatePrototypeMutation } from '../../../api/areas/prototypes';
import type { AssetRead, PrototypeInstance, PrototypeRead } from '../../../api/generated/historian.gen';
import { Modal } from '../../../components/Modal/Modal';
import { useToasts } from '../../../components/Toasts/useToasts';
import { AssetPicker } from './AssetPicker';
import { INSTANCES_PER_CALL, instanceNames, MAX_INSTANCES, NUMBER_TOKEN, requiredKeys } from './prototypeRules';

// "Create instances" (DOMAIN.md §3): assets made from a prototype under one parent, named by a
// pattern, with the metadata the prototype leaves to each instance filled in, the same for all or
// one column per instance when they are few. At most 1,000 per call; more go in batches.

/** Up to this many instances, each may get its own values (a column each). */
const PER_INSTANCE_MAX = 6;
const PREVIEW = 5;

export interface InstancesDialogProps {
  prototype: PrototypeRead;
  onClose: () => void;
}

export function InstancesDialog({ prototype, onClose }: InstancesDialogProps) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const toasts = useToasts();
  const [instantiate] = useInstantiatePrototypeMutation();
  const [parent, setParent] = useState<AssetRead | null>(null);
  const [count, setCount] = useState(1);
  const [pattern, setPattern] = useState(`${prototype.Name} ${NUMBER_TOKEN}`);
  const [startText, setStartText] = useState('1');
  const start = Number.isInteger(Number(startText)) && startText.trim() !== '' ? Number(startText) : 1;
  const [perInstance, setPerInstance] = useState(false);
  const [shared, setShared] = useState<Record<string, string>>({});
  const [own, setOwn] = useState<Record<string, string>>({});
  const [tried, setTried] = useState(false);
  const [made, setMade] = useState<number | null>(null);
  const keys = useMemo(() => requiredKeys(prototype), [prototype]);
  const validCount = Number.isInteger(count) && count >= 1 && count <= MAX_INSTANCES;
  const names = useMemo(() => (validCount ? instanceNames(pattern, start, count) : []), [validCount, pattern, start, count]);
  const columns = perInstance && count <= PER_INSTANCE_MAX;
  const number = new Intl.NumberFormat(i18n.language);

  const valueOf = (key: string, index: number) => (columns ? (own[`${key}:${index}`] ?? '') : (shared[key] ?? ''));
  const missing = keys.flatMap((key) => names.flatMap((_name, index) => (valueOf(key, index).trim() === '' ? [`${key}:${index}`] : [])));
  const problems = [
    ...(validCount ? [] : [t('prototypes.instances.errors.count', { max: number.format(MAX_INSTANCES) })]),
    ...(pattern.trim() === '' ? [t('prototypes.instances.errors.pattern_empty')] : []),
    ...(count > 1 && !pattern.includes(NUMBER_TOKEN) ? [t('prototypes.instances.errors.pattern_number')] : []),
    ...(pattern.includes('/') ? [t('prototypes.instances.errors.pattern_slash')] : []),
    ...(missing.length > 0 ? [t('prototypes.instances.errors.required', { count: missing.length })] : []),
  ];

  const create = async () => {
    setTried(true);
    if (problems.length > 0) return;
    const instances: PrototypeInstance[] = names.map((Name, index) => ({ Name, Metadata: Object.fromEntries(keys.map((key) => [key, valueOf(key, index).trim()])) }));
    setMade(0);
    for (let at = 0; at < instances.length; at += INSTANCES_PER_CALL) {
      const result = await instantiate({ id: prototype.UUID, prototypeInstantiation: { ParentUUID: parent?.UUID ?? null, Instances: instances.slice(at, at + INSTANCES_PER_CALL) } });
      if (result.error) {
        // The failed batch is told by the area; what was made before it stays.
        if (at > 0) toasts.show('warning', t('prototypes.instances.partly', { made: number.format(at), count: number.format(instances.length) }));
        setMade(null);
        return;
      }
      setMade(at + result.data.length);
    }
    toasts.show('success', t('prototypes.instances.created', { count: instances.length, n: number.format(instances.length), parent: parent?.AssetPath ?? t('prototypes.instances.top') }));
    onClose();
  };

  const busy = made !== null;
  return (
    <Modal
      open
      title={t('prototypes.instances.title', { name: prototype.Name })}
      onCancel={busy ? undefined : onClose}
      onConfirm={() => void create()}
      confirmDisabled={busy || (tried && problems.length > 0)}
      busy={busy}
      labels={{ confirm: t('prototypes.instances.create', { count: validCount ? count : 0, n: number.format(validCount ? count : 0) }) }}
      width="760px"
      className="proto-instances"
    >
      <div className="proto-instances-grid">
        <AssetPicker label={t('prototypes.instances.parent')} value={parent} onChange={setParent} />
        <div className="proto-instances-names">
          <div className="proto-field">
            <label htmlFor={`${id}-count`}>{t('prototypes.instances.count')}</label>
            <input id={`${id}-count`} type="number" min={1} max={MAX_INSTANCES} step={1} value={Number.isNaN(count) ? '' : count} onChange={(event) => setCount(event.target.valueAsNumber)} />
          </div>
          <div className="proto-field">
            <label htmlFor={`${id}-pattern`}>{t('prototypes.instances.pattern')}</label>
            <input id={`${id}-pattern`} value={pattern} aria-describedby={`${id}-pattern-help`} onChange={(event) => setPattern(event.target.value)} />
            <span id={`${id}-pattern-help`} className="proto-help">
              {t('prototypes.instances.pattern_help', { token: NUMBER_TOKEN })}
            </span>
          </div>
          <div className="proto-field">
            <label htmlFor={`${id}-start`}>{t('prototypes.instances.start')}</label>
            <input id={`${id}-start`} type="number" step={1} value={startText} onChange={(event) => setStartText(event.target.value)} />
          </div>
          <div className="proto-names-preview" aria-label={t('prototypes.instances.preview')} role="group">
            <span className="proto-help">{t('prototypes.instances.preview')}</span>
            <ul>
              {names.slice(0, PREVIEW).map((name, index) => (
                <li key={index}>{(parent ? `${parent.AssetPath}/` : '/') + name}</li>
              ))}
              {names.length > PREVIEW && <li className="muted">{t('prototypes.instances.more', { count: names.length - PREVIEW, n: number.format(names.length - PREVIEW), last: names[names.length - 1] })}</li>}
            </ul>
          </div>
        </div>
      </div>
      {keys.length > 0 && (
        <fieldset className="proto-required">
          <legend>{t('prototypes.instances.required_legend')}</legend>
          {count > 1 && count <= PER_INSTANCE_MAX && (
            <label className="proto-inline">
              <input type="checkbox" checked={perInstance} onChange={(event) => setPerInstance(event.target.checked)} />
              {t('prototypes.instances.per_instance')}
            </label>
          )}
          <table className="proto-grid">
            <thead>
              <tr>
                <th scope="col">{t('prototypes.metadata.key')}</th>
                {columns ? names.map((name, index) => <th key={index} scope="col">{name}</th>) : <th scope="col">{count > 1 ? t('prototypes.instances.all') : names[0]}</th>}
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key}>
                  <th scope="row">{key}</th>
                  {(columns ? names : names.slice(0, 1)).map((name, index) => {
                    const label = columns ? t('prototypes.instances.value_for', { key, name }) : t('prototypes.instances.value', { key });
                    const empty = tried && valueOf(key, index).trim() === '';
                    return (
                      <td key={index}>
                        <input
                          aria-label={label}
                          aria-invalid={empty ? true : undefined}
                          value={valueOf(key, index)}
                          onChange={(event) => (columns ? setOwn({ ...own, [`${key}:${index}`]: event.target.value }) : setShared({ ...shared, [key]: event.target.value }))}
                        />
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </fieldset>
      )}
      {tried && problems.length > 0 && (
        <div role="alert" className="form-error">
          {problems.map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </div>
      )}
      {busy && (
        <div className="proto-progress" role="status">
          <progress max={names.length} value={made ?? 0} aria-label={t('prototypes.instances.progress')} />
          <span>{t('prototypes.instances.progress_text', { made: number.format(made ?? 0), count: number.format(names.length) })}</span>
        </div>
      )}
    </Modal>
  );
}
