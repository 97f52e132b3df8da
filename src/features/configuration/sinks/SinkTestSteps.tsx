import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ConnectionTestResult } from '../../../api/generated/historian.gen';

const stepLabel = (name: string, t: TFunction): string => {
  switch (name) {
    case 'resolve':
      return t('sinks.steps.resolve');
    case 'connect':
      return t('sinks.steps.connect');
    case 'tls':
      return t('sinks.steps.tls');
    case 'authenticate':
      return t('sinks.steps.authenticate');
    case 'publish':
      return t('sinks.steps.publish');
    default:
      return name;
  }
};

/** Each step of a sink's connection test as the server named it, with its message; the failing one stands out. */
export function SinkTestSteps({ result }: { result: ConnectionTestResult }) {
  const { t } = useTranslation();
  const failedName = result.FailedStep ?? result.Steps.find((step) => !step.Success)?.Name;
  return (
    <section className="sink-panel sink-test" aria-label={t('sinks.test.title')}>
      {result.Success ? (
        <p role="status">{t('sinks.test.passed')}</p>
      ) : (
        <p role="alert">
          {t('sinks.test.failed', {
            step: failedName === undefined ? '' : stepLabel(failedName, t),
          })}
        </p>
      )}
      <ol>
        {result.Steps.map((step) => (
          <li key={step.Name} className={step.Success ? 'step-passed' : 'step-failed'} aria-current={step.Name === failedName ? 'step' : undefined}>
            <span aria-hidden="true">{step.Success ? '✓ ' : '✗ '}</span>
            {t(step.Success ? 'sinks.test.step_passed' : 'sinks.test.step_failed', { step: stepLabel(step.Name, t) })}
            {step.Message && <span className="step-message"> — {step.Message}</span>}
          </li>
        ))}
      </ol>
    </section>
  );
}
