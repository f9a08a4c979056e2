// A lot's staff in the lot editor: who may work its gate. (Being built: issue 19.)
export function LotStaff(_props: { lotId: number }) {
  return null;
}
