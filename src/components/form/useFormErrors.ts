import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { problemFieldMessages, type FieldMessage } from '../../api/fieldErrors';

/**
 * The one way a form shows a failed call's problem+json field errors: each on its field, in the
 * user's language (src/api/fieldErrors.ts maps the server's messages to keys). The toast that
 * says the call failed comes from the API layer (src/api/outcomes.ts).
 */
export function useFormErrors(): (error: unknown, fields: readonly string[]) => Record<string, string[]> {
  const { t } = useTranslation();
  return useCallback(
    (error, fields) => {
      const text = (message: FieldMessage) => ('text' in message ? message.text : t(message.messageKey, message.values));
      return Object.fromEntries(Object.entries(problemFieldMessages(error, fields)).map(([path, messages]) => [path, messages.map(text)]));
    },
    [t],
  );
}
