import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import type { Derivation } from '../../resources';

const num = (v: unknown) => {
  const n = Number(v);
  return Number.isFinite(n) ? n : 0;
};

/**
 * Keeps a derived field equal to a - b while the sources change (profit = sales - purchase).
 * Renders nothing; the read-only input beside it shows the value.
 */
export function DerivedValue({ source, derived }: { source: string; derived: Derivation }) {
  const { setValue } = useFormContext();
  const [a, b] = useWatch({ name: [...derived.minus] });
  useEffect(() => {
    // Round to cents so 1.2 - 0.8 reads 0.4, not 0.39999999999999997.
    const value = Math.round((num(a) - num(b)) * 100) / 100;
    setValue(source, value, { shouldDirty: true });
  }, [a, b, source, setValue]);
  return null;
}
