import { calculationsEndpoints } from '../generated/calculations.gen';
import { withOutcomes, type EndpointOutcome } from '../outcomes';
import { tagTypes, type EndpointTags } from '../tags';

// Calculations (DOMAIN.md §2): the test before saving, a calculation's live context and its
// backfill job. Loads with the calculation editor; the editor tells the test's errors itself.

export const calculationsTags = {
  // A preview writes nothing.
  testCalculation: { invalidatesTags: [] },
  getCalculationContext: { providesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'CalculationContext', id: arg.id }] },
  updateCalculationContext: { invalidatesTags: (_result: unknown, _error: unknown, arg: { id: string }) => [{ type: 'CalculationContext', id: arg.id }] },
  // The job shows in the jobs panel; the values it writes are read afresh by the trend.
  backfillCalculation: { invalidatesTags: [{ type: 'Job', id: 'LIST' }] },
} satisfies Record<string, EndpointTags>;

/**
 * What the user is told when a call ends (see outcomes.ts). A test's field errors also land on the
 * editor's fields; a refusal without them (the licence, a server error, a timeout) is told here.
 */
const outcomes: Record<string, EndpointOutcome> = {
  testCalculation: { error: { messageKey: 'calculations.errors.test_failed' } },
  backfillCalculation: { error: { messageKey: 'calculations.errors.backfill_failed' } },
  updateCalculationContext: { success: { messageKey: 'calculations.state.saved' }, error: { messageKey: 'calculations.errors.context_save' } },
};

export const calculationsApi = withOutcomes(calculationsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: calculationsTags }), outcomes);

export const { useTestCalculationMutation, useGetCalculationContextQuery, useUpdateCalculationContextMutation, useBackfillCalculationMutation } = calculationsApi;
