import { Trans } from '@lingui/react/macro';

/** "₹1,500 / night", the price in bold: a card's price, on search and on the host's dashboard; the listing page's bar. */
export function PerNight({ price, className = 'font-bold text-stone-900' }: { price: string; className?: string }) {
  return (
    <Trans>
      <span className={className}>{price}</span> / night
    </Trans>
  );
}
