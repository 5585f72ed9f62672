// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menu as usersMenu } from '../users/labels.my';
import branch, { menu as branchMenu } from '../branch/labels.my';
import group, { menu as groupMenu } from '../group/labels.my';
import designation, { menu as designationMenu } from '../designation/labels.my';
import department, { menu as departmentMenu } from '../department/labels.my';
import doctors, { menu as doctorsMenu } from '../doctors/labels.my';
import directoryMapping from '../directory-mapping/labels.my';
import pharmacyCategory, { menu as pharmacyCategoryMenu } from '../pharmacy-category/labels.my';
import medicine from '../medicine/labels.my';
import opticsCategory, { menu as opticsCategoryMenu } from '../optics-category/labels.my';
import optics from '../optics/labels.my';
import ot, { menu as otMenu } from '../ot/labels.my';
import investigation from '../investigation/labels.my';
import about, { menu as aboutMenu } from '../about/labels.my';
import heroSection from '../hero-section/labels.my';
import experience from '../experience/labels.my';
import member from '../member/labels.my';
import education from '../education/labels.my';
import advice from '../advice/labels.my';
import chamber from '../chamber/labels.my';
import schedule from '../schedule/labels.my';
import donation from '../donation/labels.my';
import blogVideos, { menu as blogVideosMenu } from '../blog-videos/labels.my';
import blogPhotos from '../blog-photos/labels.my';

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
