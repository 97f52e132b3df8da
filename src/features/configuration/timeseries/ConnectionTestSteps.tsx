import { useTranslation } from 'react-i18next';
import type { ConnectionTestResult } from '../../../api/generated/historian.gen';
import { connectionStepLabel } from '../../../lib/connectionSteps';

/** The outcome of each step of a connection test, naming the step that failed (SPEC §7). */
export function ConnectionTestSteps({ result }: { result: ConnectionTestResult }) {
  const { t } = useTranslation();
  const failedName = result.FailedStep ?? result.Steps.find((step) => !step.Success)?.Name;
  const failedStep = failedName === undefined ? '' : connectionStepLabel(failedName, t);
  return (
    <section className="connection-test" aria-label={t('timeseries.test.title')}>
      {result.Success ? (
        <p role="status">{t('timeseries.test.passed')}</p>
      ) : (
        <p role="alert">{t('timeseries.test.failed', { step: failedStep })}</p>
      )}
      <ol>
        {result.Steps.map((step) => (
          <li key={step.Name} className={step.Success ? 'step-passed' : 'step-failed'}>
            <span aria-hidden="true">{step.Success ? '✓ ' : '✗ '}</span>
            {t(step.Success ? 'timeseries.test.step_passed' : 'timeseries.test.step_failed', { step: connectionStepLabel(step.Name, t) })}
            {step.Message && <span className="step-message"> — {step.Message}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
