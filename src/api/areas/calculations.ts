import { calculationsEndpoints } from '../generated/calculations.gen';
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

export const calculationsApi = calculationsEndpoints.enhanceEndpoints({ addTagTypes: tagTypes, endpoints: calculationsTags });

export const { useTestCalculationMutation, useGetCalculationContextQuery, useUpdateCalculationContextMutation, useBackfillCalculationMutation } = calculationsApi;
