// `?record=1` switches the recorder on at start-up. Routing is hash based, so the query may stand
// before the '#' (`/?record=1#/collectors`) or inside the hash route (`/#/collectors?record=1`).

export function isRecordingRequested(location: Pick<Location, 'search' | 'hash'>): boolean {
  const inHash = location.hash.includes('?') ? location.hash.slice(location.hash.indexOf('?')) : '';
  return [location.search, inHash].some((query) => new URLSearchParams(query).get('record') === '1');
}
