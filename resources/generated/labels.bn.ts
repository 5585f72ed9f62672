// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menu as usersMenu } from '../users/labels.bn';
import branch, { menu as branchMenu } from '../branch/labels.bn';
import group, { menu as groupMenu } from '../group/labels.bn';
import designation, { menu as designationMenu } from '../designation/labels.bn';
import department, { menu as departmentMenu } from '../department/labels.bn';
import doctors, { menu as doctorsMenu } from '../doctors/labels.bn';
import directoryMapping from '../directory-mapping/labels.bn';
import pharmacyCategory, { menu as pharmacyCategoryMenu } from '../pharmacy-category/labels.bn';
import medicine from '../medicine/labels.bn';
import opticsCategory, { menu as opticsCategoryMenu } from '../optics-category/labels.bn';
import optics from '../optics/labels.bn';
import ot, { menu as otMenu } from '../ot/labels.bn';
import investigation from '../investigation/labels.bn';
import about, { menu as aboutMenu } from '../about/labels.bn';
import heroSection from '../hero-section/labels.bn';
import experience from '../experience/labels.bn';
import member from '../member/labels.bn';
import education from '../education/labels.bn';
import advice from '../advice/labels.bn';
import chamber from '../chamber/labels.bn';
import schedule from '../schedule/labels.bn';
import donation from '../donation/labels.bn';
import blogVideos, { menu as blogVideosMenu } from '../blog-videos/labels.bn';
import blogPhotos from '../blog-photos/labels.bn';

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
