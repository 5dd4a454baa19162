// Whether the configured tile server answers, asked once per page load with a single tile. This
// machine (and a phone on a bad line) may not reach it: the map then draws its own calm
// background instead of a grid of broken images, and the pins work all the same.

const probes = new Map<string, Promise<boolean>>();

/** The tile template with one tile filled in: the tile around (lat, lng) at `zoom`. */
export function tileUrlFor(template: string, lat: number, lng: number, zoom: number): string {
  const n = 2 ** zoom;
  const x = Math.floor(((lng + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  return template
    .replace('{s}', 'a')
    .replace('{z}', String(zoom))
    .replace('{x}', String(x))
    .replace('{y}', String(y))
    .replace('{r}', '');
}

export function probeTiles(template: string, lat: number, lng: number, zoom: number, timeoutMs = 5000): Promise<boolean> {
  let probe = probes.get(template);
  if (!probe) {
    probe = new Promise<boolean>((resolve) => {
      const img = new Image();
      const timer = setTimeout(() => resolve(false), timeoutMs);
      img.onload = () => {
        clearTimeout(timer);
        resolve(true);
      };
      img.onerror = () => {
        clearTimeout(timer);
        resolve(false);
      };
      img.referrerPolicy = 'strict-origin-when-cross-origin';
      img.src = tileUrlFor(template, lat, lng, zoom);
    });
    probes.set(template, probe);
  }
  return probe;
}
