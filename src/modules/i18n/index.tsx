import type { ConsoleModule } from '../console-module';
import { LanguageMenuItem, LanguageSwitch } from './LanguageSwitch';

/**
 * Languages and direction: the app bar's language switch, an entry of the profile menu on a phone
 * (direction and store are wired in App.tsx).
 */
export const i18nModule: ConsoleModule = {
  name: 'i18n',
  appBarItems: [LanguageSwitch],
  userMenuItems: [LanguageMenuItem],
};
