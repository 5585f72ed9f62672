// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menuGroup as usersGroup } from '../users/labels.en';
import branch, { menuGroup as branchGroup } from '../branch/labels.en';
import group, { menuGroup as groupGroup } from '../group/labels.en';
import designation, { menuGroup as designationGroup } from '../designation/labels.en';
import department, { menuGroup as departmentGroup } from '../department/labels.en';
import doctors, { menuGroup as doctorsGroup } from '../doctors/labels.en';
import directoryMapping from '../directory-mapping/labels.en';
import pharmacyCategory, { menuGroup as pharmacyCategoryGroup } from '../pharmacy-category/labels.en';
import medicine from '../medicine/labels.en';
import opticsCategory, { menuGroup as opticsCategoryGroup } from '../optics-category/labels.en';
import optics from '../optics/labels.en';
import ot, { menuGroup as otGroup } from '../ot/labels.en';
import investigation from '../investigation/labels.en';
import about, { menuGroup as aboutGroup } from '../about/labels.en';
import heroSection from '../hero-section/labels.en';
import experience from '../experience/labels.en';
import member from '../member/labels.en';
import education from '../education/labels.en';
import advice from '../advice/labels.en';
import chamber from '../chamber/labels.en';
import schedule from '../schedule/labels.en';
import donation from '../donation/labels.en';
import blogVideos, { menuGroup as blogVideosGroup } from '../blog-videos/labels.en';
import blogPhotos from '../blog-photos/labels.en';
import fieldRule, { menuGroup as fieldRuleGroup } from '../field-rule/labels.en';
import rowRule from '../row-rule/labels.en';
import retention from '../retention/labels.en';
import workflow from '../workflow/labels.en';
import changeRequest from '../change-request/labels.en';
import legalHold from '../legal-hold/labels.en';

/** Names of the menu groups. */
export const menu = {
  users: usersGroup,
  branch: branchGroup,
  group: groupGroup,
  designation: designationGroup,
  department: departmentGroup,
  doctors: doctorsGroup,
  pharmacy: pharmacyCategoryGroup,
  optics: opticsCategoryGroup,
  services: otGroup,
  website: aboutGroup,
  blogs: blogVideosGroup,
  settings: fieldRuleGroup,
};

/** The labels of the menus the catalogue writes for the entities (`menus.<slug>`): each group's and each list's. */
export const menus = {
  users: usersGroup,
  branch: branchGroup,
  group: groupGroup,
  designation: designationGroup,
  department: departmentGroup,
  doctors: doctorsGroup,
  pharmacy: pharmacyCategoryGroup,
  optics: opticsCategoryGroup,
  services: otGroup,
  website: aboutGroup,
  blogs: blogVideosGroup,
  settings: fieldRuleGroup,
  'users/user-list': users.menu,
  'branch/branch-list': branch.menu,
  'group/group-list': group.menu,
  'designation/designation-list': designation.menu,
  'department/department-list': department.menu,
  'doctors/doctors-list': doctors.menu,
  'directory-mapping/directory-mapping-list': directoryMapping.menu,
  'pharmacy-category/pharmacy-category-list': pharmacyCategory.menu,
  'medicine/medicine-list': medicine.menu,
  'optics-category/optics-category-list': opticsCategory.menu,
  'optics/optics-list': optics.menu,
  'ot/ot-list': ot.menu,
  'investigation/investigation-list': investigation.menu,
  'about/about-list': about.menu,
  'hero-section/hero-section-list': heroSection.menu,
  'experience/experience-list': experience.menu,
  'member/member-list': member.menu,
  'education/education-list': education.menu,
  'advice/advice-list': advice.menu,
  'chamber/chamber-list': chamber.menu,
  'schedule/schedule-list': schedule.menu,
  'donation/donation-list': donation.menu,
  'blogs/blog-videos-list': blogVideos.menu,
  'blogs/blog-photos-list': blogPhotos.menu,
  'field-rule/field-rule-list': fieldRule.menu,
  'row-rule/row-rule-list': rowRule.menu,
  'retention/retention-list': retention.menu,
  'workflow/workflow-list': workflow.menu,
  'change-request/change-request-list': changeRequest.menu,
  'legal-hold/legal-hold-list': legalHold.menu,
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
  'field-rule': fieldRule,
  'row-rule': rowRule,
  retention,
  workflow,
  'change-request': changeRequest,
  'legal-hold': legalHold,
};
