// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menu as usersMenu } from '../users/labels.es';
import branch, { menu as branchMenu } from '../branch/labels.es';
import group, { menu as groupMenu } from '../group/labels.es';
import designation, { menu as designationMenu } from '../designation/labels.es';
import department, { menu as departmentMenu } from '../department/labels.es';
import doctors, { menu as doctorsMenu } from '../doctors/labels.es';
import directoryMapping from '../directory-mapping/labels.es';
import pharmacyCategory, { menu as pharmacyCategoryMenu } from '../pharmacy-category/labels.es';
import medicine from '../medicine/labels.es';
import opticsCategory, { menu as opticsCategoryMenu } from '../optics-category/labels.es';
import optics from '../optics/labels.es';
import ot, { menu as otMenu } from '../ot/labels.es';
import investigation from '../investigation/labels.es';
import about, { menu as aboutMenu } from '../about/labels.es';
import heroSection from '../hero-section/labels.es';
import experience from '../experience/labels.es';
import member from '../member/labels.es';
import education from '../education/labels.es';
import advice from '../advice/labels.es';
import chamber from '../chamber/labels.es';
import schedule from '../schedule/labels.es';
import donation from '../donation/labels.es';
import blogVideos, { menu as blogVideosMenu } from '../blog-videos/labels.es';
import blogPhotos from '../blog-photos/labels.es';

/** Names of the menu groups. */
export const menu = {
  users: usersMenu,
  branch: branchMenu,
  group: groupMenu,
  designation: designationMenu,
  department: departmentMenu,
  doctors: doctorsMenu,
  pharmacy: pharmacyCategoryMenu,
  optics: opticsCategoryMenu,
  services: otMenu,
  website: aboutMenu,
  blogs: blogVideosMenu,
};

/** Each entity's `resources.<entity>` words. */
export const resources = {
  users,
  branch,
  group,
  designation,
  department,
  doctors,
  'directory-mapping': directoryMapping,
  'pharmacy-category': pharmacyCategory,
  medicine,
  'optics-category': opticsCategory,
  optics,
  ot,
  investigation,
  about,
  'hero-section': heroSection,
  experience,
  member,
  education,
  advice,
  chamber,
  schedule,
  donation,
  'blog-videos': blogVideos,
  'blog-photos': blogPhotos,
};
