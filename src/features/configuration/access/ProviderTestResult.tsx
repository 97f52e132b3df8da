import { useTranslation } from 'react-i18next';
import type { ConnectionTestResult } from '../../../api/generated/historian.gen';
import './simpleTable.css';
import { connectionStepLabel } from '../../../lib/connectionSteps';

/** The outcome of POST /authentication-providers/test, one row per step, naming the failed one. */
export function ProviderTestResult({ result }: { result: ConnectionTestResult }) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="provider-test-title" className="page-section">
      <h2 id="provider-test-title">{t('providers.test')}</h2>
      <p role="status" className={result.Success ? 'success-text' : 'error-text'}>
        {result.Success ? t('providers.test_passed') : t('providers.test_failed', { step: result.FailedStep ? connectionStepLabel(result.FailedStep, t) : '' })}
      </p>
      <table className="simple-table">
        <thead>
          <tr>
            <th scope="col">{t('providers.step')}</th>
            <th scope="col">{t('providers.result')}</th>
          </tr>
        </thead>
        <tbody>
          {result.Steps.map((step) => (
            <tr key={step.Name}>
              <th scope="row">{connectionStepLabel(step.Name, t)}</th>
              <td>
                {step.Success ? t('providers.passed') : t('providers.failed')}
                {step.Message && <span className="muted"> — {step.Message}</span>}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
