/** Sign-in through the hospital's directory (OpenID Connect, LDAP) and SCIM provisioning. See routes.ts. */
export { directoryModule } from './routes';
