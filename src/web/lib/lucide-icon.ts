import { createElement, type ReactNode, type SVGProps } from 'react';

// Lucide's icons, drawn by this instead of lucide-react's own component (scripts/vite/light-icons.ts
// swaps it in for every icon the app imports; decision 061). The same markup as lucide-react's for
// what the app passes (className, strokeWidth, size, aria and other attributes, a ref), made as
// one element: the shapes inside are written once per icon as HTML, so that React neither creates
// nor hydrates an element for each of them, nor runs lucide's attribute building on every render.
// The search page's 24 cards hold 96 of its 97 icons.

type IconNode = [tag: string, attrs: Record<string, string | number>][];
type IconData = { name?: string; node: IconNode; size?: number; aliases?: unknown[] };
export type LightIconProps = SVGProps<SVGSVGElement> & {
  size?: string | number;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
};

const escape = (value: string) => value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/** An icon's shapes as SVG markup (lucide's node keys are React keys, not attributes). */
function shapesMarkup(node: IconNode): string {
  return node
    .map(([tag, attrs]) => {
      const written = Object.entries(attrs)
        .filter(([name]) => name !== 'key')
        .map(([name, value]) => ` ${name}="${escape(String(value))}"`)
        .join('');
      return `<${tag}${written}></${tag}>`;
    })
    .join('');
}

/** Lucide's rule: an icon that is given no accessible name or role is hidden from assistive technology. */
function named(props: object): boolean {
  return Object.keys(props).some((key) => key.startsWith('aria-') || key === 'role' || key === 'title');
}

export default function createLucideIcon(data: IconData) {
  const size = data.size ?? 24;
  // Lucide's classes: its own, the icon's name and the names it is also known by.
  const names = [data.name, ...(data.aliases ?? [])].filter((n): n is string => typeof n === 'string' && n.trim() !== '');
  const base = ['lucide', ...names.map((n) => `lucide-${n}`)].join(' ');
  const shapes = { __html: shapesMarkup(data.node) };
  const viewBox = `0 0 ${size} ${size}`;
  function LucideIcon({ className, size: drawn = 24, strokeWidth = 2, absoluteStrokeWidth, children, ...rest }: LightIconProps) {
    const props = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: drawn,
      height: drawn,
      viewBox,
      fill: 'none',
      stroke: 'currentColor',
      strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * size) / Number(drawn) : strokeWidth,
      strokeLinecap: 'round' as const,
      strokeLinejoin: 'round' as const,
      className: className ? `${base} ${className}` : base,
      ...(children || named(rest) ? {} : { 'aria-hidden': 'true' as const }),
      ...rest,
    };
    // Children (a <title>, say) beside the shapes: then each shape is an element, as lucide draws it.
    if (children) return createElement('svg', props, ...data.node.map(([tag, { key, ...attrs }]) => createElement(tag, { key, ...attrs })), children);
    return createElement('svg', { ...props, dangerouslySetInnerHTML: shapes });
  }
  if (data.name) LucideIcon.displayName = data.name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase());
  return LucideIcon;
}
