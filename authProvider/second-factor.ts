import type { AuthUser } from './storage';

/** What the password step answers when a second step must follow (server/modules/second-factor/gate.ts). */
export interface SecondFactorStep {
  ticket: string;
  /** The ways to finish: 'totp', 'recovery', 'passkey'. */
  methods?: string[];
  /** Past a group's grace period: the sign-in finishes by setting up an authenticator app. */
  enrol?: boolean;
}

/** Thrown by the authProvider's login when the password was right and a second step must follow. */
export class SecondFactorNeeded extends Error {
  constructor(
    readonly step: SecondFactorStep,
    readonly remember: boolean,
  ) {
    super('second factor needed');
  }
}

/** A sign-in finished elsewhere (its second step), handed to login to store. */
export interface CompletedSignIn {
  completed: AuthUser & { token: string };
  remember?: boolean;
}
