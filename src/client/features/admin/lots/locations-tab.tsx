// The Locations tab of the back office: airports and cruise ports. (Being built: issue 19.)
export function LocationsTab() {
  return <p className="text-muted-foreground">Locations are coming here.</p>;
}
