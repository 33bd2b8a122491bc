/** The report dialogs write 'Reason: note'; older reports and the API's own are one free text. */
export function splitReason(text: string): { reason: string; note?: string } {
  const match = /^([^:\n]{1,40}): (.+)$/s.exec(text);
  return match ? { reason: match[1]!, note: match[2]! } : { reason: text };
}
