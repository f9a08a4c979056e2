// /gate: lot staff check cars in and out. (Being built: issue 19.)
export default function GatePage() {
  return <div className="mx-auto max-w-lg px-4 py-8">The gate is coming here.</div>;
}
