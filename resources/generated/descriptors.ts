// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users from '../users';
import branch from '../branch';
import group from '../group';
import designation from '../designation';
import department from '../department';
import doctors from '../doctors';
import directoryMapping from '../directory-mapping';
import pharmacyCategory from '../pharmacy-category';
import medicine from '../medicine';
import opticsCategory from '../optics-category';
import optics from '../optics';
import ot from '../ot';
import investigation from '../investigation';
import about from '../about';
import heroSection from '../hero-section';
import experience from '../experience';
import member from '../member';
import education from '../education';
import advice from '../advice';
import chamber from '../chamber';
import schedule from '../schedule';
import donation from '../donation';
import blogVideos from '../blog-videos';
import blogPhotos from '../blog-photos';
import fieldRule from '../field-rule';
import rowRule from '../row-rule';
import retention from '../retention';
import workflow from '../workflow';
import changeRequest from '../change-request';
import legalHold from '../legal-hold';

/** Every entity folder's descriptor, in menu order (`menu.position`, then the name). */
export const entityDescriptors = [
  users,
  branch,
  group,
  designation,
  department,
  doctors,
  directoryMapping,
  pharmacyCategory,
  medicine,
  opticsCategory,
  optics,
  ot,
  investigation,
  about,
  heroSection,
  experience,
  member,
  education,
  advice,
  chamber,
  schedule,
  donation,
  blogVideos,
  blogPhotos,
  fieldRule,
  rowRule,
  retention,
  workflow,
  changeRequest,
  legalHold,
] as const;
