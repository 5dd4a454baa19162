import { describe, expect, it } from 'vitest';
import { clusterPoints } from './cluster';

describe('clusterPoints', () => {
  it('keeps pills that do not overlap apart', () => {
    const clusters = clusterPoints(
      [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 80, y: 0 },
        { id: 'c', x: 0, y: 40 },
      ],
      72,
      32,
    );
    expect(clusters.map((c) => c.ids)).toEqual([['a'], ['b'], ['c']]);
  });

  it('joins pills that would overlap, drawn where the first of them is', () => {
    const clusters = clusterPoints(
      [
        { id: 'a', x: 100, y: 100 },
        { id: 'b', x: 130, y: 110 },
        { id: 'c', x: 400, y: 100 },
      ],
      72,
      32,
    );
    expect(clusters).toEqual([
      { ids: ['a', 'b'], x: 100, y: 100 },
      { ids: ['c'], x: 400, y: 100 },
    ]);
  });

  it('anchors a cluster on its first member, so the first point given stays where it is when alone', () => {
    // b is near a, c is near b but not near a: c starts its own cluster.
    const clusters = clusterPoints(
      [
        { id: 'a', x: 0, y: 0 },
        { id: 'b', x: 60, y: 0 },
        { id: 'c', x: 120, y: 0 },
      ],
      72,
      32,
    );
    expect(clusters.map((c) => c.ids)).toEqual([['a', 'b'], ['c']]);
  });

  it('puts every point in exactly one cluster, and no two clusters overlap', () => {
    const points = Array.from({ length: 100 }, (_, i) => ({ id: String(i), x: (i * 37) % 300, y: (i * 53) % 200 }));
    const clusters = clusterPoints(points, 72, 32);
    expect(clusters.flatMap((c) => c.ids).sort()).toEqual(points.map((p) => p.id).sort());
    for (const a of clusters) {
      for (const b of clusters) {
        if (a !== b) expect(Math.abs(a.x - b.x) >= 72 || Math.abs(a.y - b.y) >= 32).toBe(true);
      }
    }
  });

  it('returns nothing for no points', () => {
    expect(clusterPoints([], 72, 32)).toEqual([]);
  });
});
