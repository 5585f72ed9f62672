import { useTranslate } from 'react-admin';

/** The app bar's default title (pages without their own <Title>, e.g. not-found), translated. */
export function AppTitle() {
  return <>{useTranslate()('app.title')}</>;
}
