// Written by scripts/entities.ts (`npm run entities`) from the entity folders of resources/: do not edit.
import type { Sample } from '../sample';
import branch from '../branch/samples';
import group from '../group/samples';
import designation from '../designation/samples';
import department from '../department/samples';
import doctors from '../doctors/samples';
import pharmacyCategory from '../pharmacy-category/samples';
import medicine from '../medicine/samples';
import opticsCategory from '../optics-category/samples';
import optics from '../optics/samples';
import ot from '../ot/samples';
import investigation from '../investigation/samples';
import about from '../about/samples';
import heroSection from '../hero-section/samples';
import experience from '../experience/samples';
import member from '../member/samples';
import education from '../education/samples';
import advice from '../advice/samples';
import chamber from '../chamber/samples';
import schedule from '../schedule/samples';
import donation from '../donation/samples';
import blogVideos from '../blog-videos/samples';
import blogPhotos from '../blog-photos/samples';

/** Sample records by entity, seeded at first start; server-only (the console never imports this file). */
export const samplesByResource: Readonly<Record<string, readonly Sample[]>> = {
  branch,
  group,
  designation,
  department,
  doctors,
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
