// A lot's days in the lot editor: close a day, set its capacity or a price for a date range. (Being built: issue 19.)
export function LotDays(_props: { lotId: number }) {
  return null;
}
