import type { Sample } from './types';
import { about } from './about';
import { advice } from './advice';
import { blogPhotos } from './blog-photos';
import { blogVideos } from './blog-videos';
import { branch } from './branch';
import { chamber } from './chamber';
import { department } from './department';
import { designation } from './designation';
import { doctors } from './doctors';
import { donation } from './donation';
import { education } from './education';
import { experience } from './experience';
import { group } from './group';
import { heroSection } from './hero-section';
import { investigation } from './investigation';
import { medicine } from './medicine';
import { member } from './member';
import { opticsCategory } from './optics-category';
import { optics } from './optics';
import { ot } from './ot';
import { pharmacyCategory } from './pharmacy-category';
import { schedule } from './schedule';

/**
 * Sample records per descriptor name, server-only: the console never imports this folder, so no
 * sample reaches the browser bundle (tests/unit/bundle-samples.test.ts checks the built bundle).
 */
export const samplesByResource: Readonly<Record<string, readonly Sample[]>> = {
  about: about,
  advice: advice,
  'blog-photos': blogPhotos,
  'blog-videos': blogVideos,
  branch: branch,
  chamber: chamber,
  department: department,
  designation: designation,
  doctors: doctors,
  donation: donation,
  education: education,
  experience: experience,
  group: group,
  'hero-section': heroSection,
  investigation: investigation,
  medicine: medicine,
  member: member,
  'optics-category': opticsCategory,
  optics: optics,
  ot: ot,
  'pharmacy-category': pharmacyCategory,
  schedule: schedule,
};

export type { Sample } from './types';
