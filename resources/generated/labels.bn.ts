// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import users, { menuGroup as usersGroup } from '../users/labels.bn';
import branch, { menuGroup as branchGroup } from '../branch/labels.bn';
import group, { menuGroup as groupGroup } from '../group/labels.bn';
import designation, { menuGroup as designationGroup } from '../designation/labels.bn';
import department, { menuGroup as departmentGroup } from '../department/labels.bn';
import doctors, { menuGroup as doctorsGroup } from '../doctors/labels.bn';
import directoryMapping from '../directory-mapping/labels.bn';
import pharmacyCategory, { menuGroup as pharmacyCategoryGroup } from '../pharmacy-category/labels.bn';
import medicine from '../medicine/labels.bn';
import opticsCategory, { menuGroup as opticsCategoryGroup } from '../optics-category/labels.bn';
import optics from '../optics/labels.bn';
import ot, { menuGroup as otGroup } from '../ot/labels.bn';
import investigation from '../investigation/labels.bn';
import about, { menuGroup as aboutGroup } from '../about/labels.bn';
import heroSection from '../hero-section/labels.bn';
import experience from '../experience/labels.bn';
import member from '../member/labels.bn';
import education from '../education/labels.bn';
import advice from '../advice/labels.bn';
import chamber from '../chamber/labels.bn';
import schedule from '../schedule/labels.bn';
import donation from '../donation/labels.bn';
import blogVideos, { menuGroup as blogVideosGroup } from '../blog-videos/labels.bn';
import blogPhotos from '../blog-photos/labels.bn';
import fieldRule, { menuGroup as fieldRuleGroup } from '../field-rule/labels.bn';
import rowRule from '../row-rule/labels.bn';
import retention from '../retention/labels.bn';
import workflow from '../workflow/labels.bn';
import changeRequest from '../change-request/labels.bn';
import legalHold from '../legal-hold/labels.bn';

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
