import { useSearchParams } from 'react-router';

/**
 * A page's tab as `?tab=` (shareable, kept by Back): the first of `tabs` is the default and
 * leaves the address bare; an unknown value reads as the default. Other parameters are kept.
 */
export function useTabParam<T extends string>(tabs: readonly [T, ...T[]]): [T, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab = (tabs as readonly string[]).includes(requested ?? '') ? (requested as T) : tabs[0];
  const select = (value: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === tabs[0]) next.delete('tab');
        else next.set('tab', value);
        return next;
      },
      { replace: true },
    );
  return [tab, select];
}
