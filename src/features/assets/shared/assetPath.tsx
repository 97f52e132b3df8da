/** A path as people read it: the names with spaced slashes (`Site A / Line 1 / Press`). */
export const displayPath = (path: string) => path.split('/').join(' / ');

/**
 * A path in a narrow cell: the asset's own name always shows, the path above it gives way first
 * (an ellipsis where it is cut; the whole path in the tooltip).
 */
export function AssetPathText({ path }: { path: string }) {
  const cut = path.lastIndexOf('/');
  const shown = displayPath(path);
  return (
    <span className="asset-path-text" title={shown}>
      {cut >= 0 && <span className="asset-path-parent">{`${displayPath(path.slice(0, cut))} /`}</span>}
      <span className="asset-path-name">{path.slice(cut + 1)}</span>
    </span>
  );
}
