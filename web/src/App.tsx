import { useEffect, useState } from 'react';

type Health = { status: string; projections: { name: string; position: string; lag: number }[] };

/** Placeholder shell until the search site lands: shows that the API behind it is alive. */
export function App() {
  const [health, setHealth] = useState<Health | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    fetch('/health')
      .then((r) => r.json() as Promise<Health>)
      .then(setHealth)
      .catch(() => setError('The server cannot be reached'));
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 720, margin: '4rem auto', padding: '0 1rem' }}>
      <h1>Porchlight</h1>
      <p>Home search and lead management.</p>
      {error && <p role="alert">{error}</p>}
      {health && (
        <p data-testid="health">
          Server {health.status}; {health.projections.length} read models up to date.
        </p>
      )}
    </main>
  );
}
