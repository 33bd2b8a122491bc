// Dollars on the wire, integer cents inside (openapi.yaml): never a float in the database or at the processor. One
// conversion for the server, the mocks and the web.
export function toCents(dollars: number): number {
  return Math.round(dollars * 100);
}

export function toDollars(cents: number): number {
  return cents / 100;
}
