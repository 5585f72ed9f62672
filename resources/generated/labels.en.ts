// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menu as usersMenu } from '../users/labels.en';
import branch, { menu as branchMenu } from '../branch/labels.en';
import group, { menu as groupMenu } from '../group/labels.en';
import designation, { menu as designationMenu } from '../designation/labels.en';
import department, { menu as departmentMenu } from '../department/labels.en';
import doctors, { menu as doctorsMenu } from '../doctors/labels.en';
import directoryMapping from '../directory-mapping/labels.en';
import pharmacyCategory, { menu as pharmacyCategoryMenu } from '../pharmacy-category/labels.en';
import medicine from '../medicine/labels.en';
import opticsCategory, { menu as opticsCategoryMenu } from '../optics-category/labels.en';
import optics from '../optics/labels.en';
import ot, { menu as otMenu } from '../ot/labels.en';
import investigation from '../investigation/labels.en';
import about, { menu as aboutMenu } from '../about/labels.en';
import heroSection from '../hero-section/labels.en';
import experience from '../experience/labels.en';
import member from '../member/labels.en';
import education from '../education/labels.en';
import advice from '../advice/labels.en';
import chamber from '../chamber/labels.en';
import schedule from '../schedule/labels.en';
import donation from '../donation/labels.en';
import blogVideos, { menu as blogVideosMenu } from '../blog-videos/labels.en';
import blogPhotos from '../blog-photos/labels.en';

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
