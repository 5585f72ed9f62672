import type { ConsoleModule } from '../console-module';
import type { RowActionExtension } from '../../screens/row-action-extensions';
import { descriptors } from '../../../resources';
import { PRIVACY_SLUGS } from '../../../resources/privacy';
import { ERASURE_SLUG } from '../../../resources/erasure';
import { SubjectAccessButton } from './SubjectAccessButton';
import { EraseButton } from './EraseButton';

const exportButton: RowActionExtension = { name: 'subject-access', slug: PRIVACY_SLUGS.subjectAccess, component: SubjectAccessButton };
const eraseButton: RowActionExtension = { name: 'erase', slug: ERASURE_SLUG, component: EraseButton };

/**
 * A person's data (issue 49): the subject access export and erasure, two buttons on the row of
 * every record that describes a person (found from the descriptors, like the server's side). Retention and
 * legal holds are descriptors' generated screens (resources/retention, resources/legal-hold).
 */
export const privacyModule: ConsoleModule = {
  name: 'privacy',
  rowActions: Object.fromEntries(descriptors.filter((d) => d.describes === 'people').map((d) => [d.name, [exportButton, eraseButton]])),
};
