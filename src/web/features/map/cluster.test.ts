import { describe, expect, it } from 'vitest';
import { clusterPoints } from './cluster';

describe('clusterPoints', () => {
  // Pills are 72 wide and 32 high; each row gives points and the clusters' members.
  it.each([
    {
      name: 'keeps pills that do not overlap apart',
      points: [['a', 0, 0], ['b', 80, 0], ['c', 0, 40]],
      ids: [['a'], ['b'], ['c']],
    },
    {
      // b is near a, c is near b but not near a: c starts its own cluster.
      name: 'anchors a cluster on its first member, so the first point given stays where it is when alone',
      points: [['a', 0, 0], ['b', 60, 0], ['c', 120, 0]],
      ids: [['a', 'b'], ['c']],
    },
  ] as const)('$name', ({ points, ids }) => {
    const clusters = clusterPoints(points.map(([id, x, y]) => ({ id, x, y })), 72, 32);
    expect(clusters.map((c) => c.ids)).toEqual(ids);
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
