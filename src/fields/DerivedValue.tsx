import { useEffect } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { derivedValue, type Derivation } from '../../resources';

/**
 * Keeps a derived field equal to a - b while the sources change (profit = sales - purchase).
 * Renders nothing; the read-only input beside it shows the value.
 */
export function DerivedValue({ source, derived }: { source: string; derived: Derivation }) {
  const { setValue } = useFormContext();
  const [first, second] = derived.minus;
  const [a, b] = useWatch<Record<string, unknown>, [string, string]>({ name: [first, second] });
  useEffect(() => {
    setValue(source, derivedValue(derived, { [first]: a, [second]: b }), { shouldDirty: true });
  }, [a, b, first, second, derived, source, setValue]);
  return null;
}
