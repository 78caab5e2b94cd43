/** A plain, library-free placeholder while a page's code arrives. */
export function PageLoading() {
  return (
    <div role="status" aria-live="polite" style={{ display: 'grid', placeItems: 'center', minHeight: '40vh', opacity: 0.7 }}>
      Loading...
    </div>
  );
}
