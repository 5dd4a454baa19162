import { Trans } from '@lingui/react/macro';

/** "₹1,500 / night", the price in bold: a card's price, on search and on the host's dashboard. */
export function PerNight({ price }: { price: string }) {
  return (
    <Trans>
      <span className="font-bold text-stone-900">{price}</span> / night
    </Trans>
  );
}
