// The Lots tab of the back office. (Being built: issue 19.)
export function LotsTab() {
  return <p className="text-muted-foreground">Lots are coming here.</p>;
}
