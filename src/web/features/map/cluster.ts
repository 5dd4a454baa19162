// Price pills that would overlap on screen are drawn as one cluster ("3 stays"). Greedy and
// in screen pixels: a search page shows at most a page of results, so O(n²) is nothing, and a
// plain function is easy to test.

export type ScreenPoint = { id: string; x: number; y: number };

export type Cluster = {
  /** The members, in the order given (the first one anchors the cluster). */
  ids: string[];
  /**
   * Where the cluster is drawn: its first member. Every first member is at least a pill away
   * from every other, so clusters never cover each other (a mean could drift onto a neighbour).
   */
  x: number;
  y: number;
};

/**
 * Groups points whose pills (about `width` × `height` pixels, centred on the point) would
 * overlap. Points given first are placed first, so pass the selected and hovered listings first
 * to keep them out of clusters where possible.
 */
export function clusterPoints(points: ScreenPoint[], width: number, height: number): Cluster[] {
  const clusters: Cluster[] = [];
  for (const p of points) {
    const home = clusters.find((c) => Math.abs(c.x - p.x) < width && Math.abs(c.y - p.y) < height);
    if (home) home.ids.push(p.id);
    else clusters.push({ ids: [p.id], x: p.x, y: p.y });
  }
  return clusters;
}
