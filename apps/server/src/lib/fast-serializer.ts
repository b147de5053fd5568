/**
 * For large list answers: the response schema still documents the route (OpenAPI), but the payload is
 * not re-validated object by object on the way out. Its shape is guaranteed at compile time by the
 * presenter's return type, which comes from the same contract (docs/performance.md shows the cost).
 */
export const jsonWithoutValidation = () => (data: unknown) => JSON.stringify(data);
