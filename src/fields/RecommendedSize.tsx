import { useWatch } from 'react-hook-form';
import { useTranslate } from 'react-admin';
import type { Size, SizeByValue } from '../../resources';

function Label({ size }: { size: Size }) {
  const translate = useTranslate();
  return <>{translate('app.recommended_size', { width: size[0], height: size[1] })}</>;
}

/** Follows the field it depends on: a blog photo's size changes with its type. */
function ByValue({ rule }: { rule: SizeByValue }) {
  const value: unknown = useWatch({ name: rule.field });
  return <Label size={rule.when[String(value)] ?? rule.otherwise} />;
}

/** "Recommended size: 250x120 px" beside an image input. */
export function RecommendedSize({ size }: { size: Size | SizeByValue }) {
  return 'field' in size ? <ByValue rule={size} /> : <Label size={size} />;
}
