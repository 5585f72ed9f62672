import { useTranslate } from 'react-admin';

/** "Recommended size: 250x120 px" beside an image input. */
export function RecommendedSize({ size }: { size: readonly [number, number] }) {
  const translate = useTranslate();
  return <>{translate('app.recommended_size', { width: size[0], height: size[1] })}</>;
}
