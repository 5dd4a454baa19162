import { cn } from '@/web/lib/cn';

// Simple flat illustrations drawn in code (no photos may be bundled: the only photos are the
// listings'). They are decorative: hidden from assistive technology.

const ink = '#3a2a22';

function Dog({ x = 0, y = 0, scale = 1 }: { x?: number; y?: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      {/* tail */}
      <path d="M-58 62c-22-6-30-26-24-44" fill="none" stroke="#c77b4a" strokeWidth="10" strokeLinecap="round" />
      {/* body */}
      <path d="M-62 40c0-34 22-52 52-52 30 0 44 22 44 56v54h-96z" fill="#d9955e" />
      {/* chest */}
      <path d="M2 14c14 4 22 18 22 40v44H-18V50c0-22 8-34 20-36z" fill="#f3d9bd" />
      {/* front legs */}
      <rect x="-14" y="70" width="16" height="42" rx="8" fill="#d9955e" />
      <rect x="12" y="70" width="16" height="42" rx="8" fill="#d9955e" />
      <ellipse cx="-6" cy="110" rx="11" ry="6" fill="#f3d9bd" />
      <ellipse cx="20" cy="110" rx="11" ry="6" fill="#f3d9bd" />
      {/* head */}
      <circle cx="6" cy="-38" r="38" fill="#d9955e" />
      {/* ears */}
      <path d="M-28-58c-16 4-22 28-14 50 4 10 14 8 16-2l6-40z" fill="#8a5233" />
      <path d="M40-58c16 4 22 28 14 50-4 10-14 8-16-2l-6-40z" fill="#8a5233" />
      {/* muzzle */}
      <ellipse cx="6" cy="-20" rx="20" ry="15" fill="#f3d9bd" />
      <ellipse cx="6" cy="-28" rx="7" ry="5" fill={ink} />
      <path d="M6-23v6m-8 3c4 4 12 4 16 0" fill="none" stroke={ink} strokeWidth="2.5" strokeLinecap="round" />
      {/* eyes */}
      <circle cx="-8" cy="-46" r="4.5" fill={ink} />
      <circle cx="20" cy="-46" r="4.5" fill={ink} />
      <circle cx="-6.5" cy="-47.5" r="1.4" fill="#fff" />
      <circle cx="21.5" cy="-47.5" r="1.4" fill="#fff" />
      {/* collar */}
      <path d="M-22 0c16 8 40 8 56 0" fill="none" stroke="#b8481a" strokeWidth="7" strokeLinecap="round" />
      <circle cx="6" cy="10" r="6" fill="#f2b544" />
    </g>
  );
}

function Cat({ x = 0, y = 0, scale = 1 }: { x?: number; y?: number; scale?: number }) {
  return (
    <g transform={`translate(${x} ${y}) scale(${scale})`}>
      {/* tail */}
      <path d="M30 96c34 0 46-22 38-44-4-12-16-14-20-6" fill="none" stroke="#6b6f7a" strokeWidth="10" strokeLinecap="round" />
      {/* body */}
      <path d="M-34 100c-6-40 4-76 34-76s40 36 34 76z" fill="#7d828e" />
      <path d="M-12 100c-2-26 2-50 12-50s14 24 12 50z" fill="#e9e4dc" />
      <ellipse cx="-14" cy="100" rx="12" ry="6" fill="#e9e4dc" />
      <ellipse cx="14" cy="100" rx="12" ry="6" fill="#e9e4dc" />
      {/* head */}
      <path d="M-30-4l-6-38 24 16z" fill="#7d828e" />
      <path d="M30-4l6-38-24 16z" fill="#7d828e" />
      <path d="M-28-10l-3-22 13 10z" fill="#f0b7a4" />
      <path d="M28-10l3-22-13 10z" fill="#f0b7a4" />
      <ellipse cx="0" cy="0" rx="34" ry="30" fill="#7d828e" />
      {/* face */}
      <ellipse cx="-12" cy="-2" rx="5" ry="6.5" fill="#f2c94c" />
      <ellipse cx="12" cy="-2" rx="5" ry="6.5" fill="#f2c94c" />
      <ellipse cx="-12" cy="-2" rx="1.8" ry="5" fill={ink} />
      <ellipse cx="12" cy="-2" rx="1.8" ry="5" fill={ink} />
      <path d="M-4 9h8l-4 5z" fill="#e0897a" />
      <path d="M0 14c-2 4-7 4-9 1M0 14c2 4 7 4 9 1" fill="none" stroke={ink} strokeWidth="2" strokeLinecap="round" />
      <path d="M-16 12h-16m16 4-14 4M16 12h16m-16 4 14 4" stroke="#e9e4dc" strokeWidth="1.6" strokeLinecap="round" />
    </g>
  );
}

/** A dog and a cat on a doorstep: the hero when no listing photos are available. */
export function HomeIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 400" className={cn('h-auto w-full', className)} aria-hidden="true" focusable="false">
      <circle cx="250" cy="205" r="178" fill="#fbe9df" />
      <circle cx="396" cy="78" r="26" fill="#f6c27a" />
      {/* house */}
      <path d="M124 160 250 68l126 92v180H124z" fill="#fff" />
      <path d="M100 172 250 62l150 110" fill="none" stroke="#b8481a" strokeWidth="14" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M226 262h48v78h-48z" fill="#f6d0bc" />
      <circle cx="264" cy="302" r="4" fill="#b8481a" />
      <circle cx="250" cy="128" r="17" fill="#efe5d8" />
      <path d="M60 340h380" stroke="#e2d3c0" strokeWidth="6" strokeLinecap="round" />
      {/* plant */}
      <path d="M414 338c0-34 8-52 22-62M414 338c-4-26-16-40-30-44M414 338c2-18 14-30 26-30" fill="none" stroke="#6b8f5e" strokeWidth="6" strokeLinecap="round" />
      <Dog x={172} y={240} scale={0.9} />
      <Cat x={332} y={246} scale={0.9} />
    </svg>
  );
}

/** A dog sniffing for the missing page. */
export function LostDogIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 320 260" className={cn('h-auto w-full', className)} aria-hidden="true" focusable="false">
      <circle cx="160" cy="130" r="120" fill="#fbe9df" />
      <path d="M40 226h240" stroke="#e2d3c0" strokeWidth="6" strokeLinecap="round" />
      <g fill="#e4845c" opacity="0.55">
        <ellipse cx="70" cy="214" rx="7" ry="5" />
        <ellipse cx="92" cy="204" rx="7" ry="5" />
        <ellipse cx="232" cy="210" rx="7" ry="5" />
        <ellipse cx="252" cy="200" rx="7" ry="5" />
      </g>
      <text x="220" y="92" fontSize="44" fontWeight="800" fill="#b8481a" fontFamily="inherit">?</text>
      <Dog x={150} y={112} scale={0.9} />
    </svg>
  );
}

/** A cat and a dog together, for host sections. */
export function HostIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 360 300" className={cn('h-auto w-full', className)} aria-hidden="true" focusable="false">
      <rect x="10" y="20" width="340" height="270" rx="40" fill="#fbe9df" />
      <path d="M30 262h300" stroke="#e2d3c0" strokeWidth="6" strokeLinecap="round" />
      <path d="M60 110 120 60l60 50" fill="none" stroke="#b8481a" strokeWidth="10" strokeLinecap="round" strokeLinejoin="round" />
      <path d="M300 70c-10-18-34-10-30 8 4 14 30 26 30 26s26-12 30-26c4-18-20-26-30-8z" fill="#e4845c" />
      <Dog x={130} y={148} scale={0.8} />
      <Cat x={246} y={164} scale={0.8} />
    </svg>
  );
}
