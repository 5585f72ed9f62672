import { createContext, useContext } from 'react';
import type { ConsoleModule } from './modules/console-module';

/**
 * The feature modules the console runs with (src/modules/index.tsx), given by App. The layout
 * reads their app bar items and profile menu entries from here rather than importing the list:
 * the modules load their screens through the layout's chunk, so an import back from the layout
 * closed a circle through every module. Without a provider there are none.
 */
const ModulesContext = createContext<readonly ConsoleModule[]>([]);

export const ModulesProvider = ModulesContext.Provider;
export const useConsoleModules = () => useContext(ModulesContext);
