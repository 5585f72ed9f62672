import type { ConsoleModule } from '../console-module';
import { LanguageSwitch } from './LanguageSwitch';

/** Languages and direction: the app bar's language switch (direction and store are wired in App.tsx). */
export const i18nModule: ConsoleModule = {
  name: 'i18n',
  appBarItems: [LanguageSwitch],
};
