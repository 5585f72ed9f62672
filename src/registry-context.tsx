import { createContext, useContext } from 'react';
import { registry as defaultRegistry, type Registry } from '../resources';

/**
 * The descriptors the console is generated from. The app provides the product's registry; tests
 * (and any embedding) can provide another, which is how a descriptor defined only in a test
 * gets its screens.
 */
const RegistryContext = createContext<Registry>(defaultRegistry);

export const RegistryProvider = RegistryContext.Provider;
export const useRegistry = () => useContext(RegistryContext);
