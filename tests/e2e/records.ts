import type { FastifyInstance } from 'fastify';
import type { IncomingFile } from '../../server/crud/images';
import type { Row } from '../../server/db/database';
import { samplePicture } from '../../server/startup/sample-image';

/**
 * Records an end-to-end file makes for itself (its server starts without demo records), written
 * through the service the API uses, so they are validated like any input. An image field's value
 * is the label of a picture drawn now; an image list's value, one label per picture.
 */
export async function makeRecord(app: FastifyInstance, resource: string, values: Record<string, unknown>): Promise<Row> {
  const d = app.ctx.registry.get(resource);
  const fields: Record<string, unknown> = {};
  const files: IncomingFile[] = [];
  for (const [name, value] of Object.entries(values)) {
    const kind = d.fields.find((f) => f.name === name)?.kind;
    if (kind === 'image' || kind === 'imageList') {
      for (const label of [value].flat()) files.push({ field: name, filename: `${name}.png`, data: await samplePicture(String(label)) });
    } else fields[name] = value;
  }
  return app.ctx.crud.create(d, { fields, files });
}

/** The id of a record `makeRecord` answered. */
export const idOf = (app: FastifyInstance, resource: string, row: Row): number => Number(row[app.ctx.registry.get(resource).idField]);

/** Makes each record and answers their ids by the value of `key` (a unique code). */
async function makeAll(app: FastifyInstance, resource: string, key: string, list: Record<string, unknown>[]) {
  const ids: Record<string, number> = {};
  for (const values of list) ids[String(values[key])] = idOf(app, resource, await makeRecord(app, resource, values));
  return ids;
}

/** Four pharmacy categories and a medicine in each (two with a picture, the vitamin inactive); ids by code. */
export async function makePharmacy(app: FastifyInstance): Promise<{ category: Record<string, number>; medicine: Record<string, number> }> {
  const category = await makeAll(app, 'pharmacy-category', 'pharmacy_category_code', [
    { pharmacy_category_code: 'ANL', pharmacy_category_name: 'Analgesics' },
    { pharmacy_category_code: 'ABX', pharmacy_category_name: 'Antibiotics' },
    { pharmacy_category_code: 'ANT', pharmacy_category_name: 'Antacids' },
    { pharmacy_category_code: 'VIT', pharmacy_category_name: 'Vitamins & Supplements' },
  ]);
  const medicine = await makeAll(app, 'medicine', 'medicine_code', [
    {
      medicine_code: 'NAPA-500',
      medicine_name: 'Napa 500 mg (Paracetamol)',
      medicine_category: category.ANL,
      medicine_purchase_price: 0.8,
      medicine_sales_price: 1.2,
      medicine_description: '<p>Paracetamol tablet for fever and mild pain.</p>',
      medicine_picture: 'Napa 500',
    },
    {
      medicine_code: 'AMOX-250',
      medicine_name: 'Amoxicillin 250 mg capsule',
      medicine_category: category.ABX,
      medicine_purchase_price: 4.5,
      medicine_sales_price: 6,
      medicine_picture: 'Amoxicillin',
    },
    {
      medicine_code: 'OMEP-20',
      medicine_name: 'Omeprazole 20 mg',
      medicine_category: category.ANT,
      medicine_purchase_price: 3,
      medicine_sales_price: 5,
    },
    {
      medicine_code: 'VITD-1000',
      medicine_name: 'Vitamin D3 1000 IU',
      medicine_category: category.VIT,
      medicine_purchase_price: 7.25,
      medicine_sales_price: 10,
      medicine_status: 0,
    },
  ]);
  return { category, medicine };
}

/** Three branches (the Sylhet outlet inactive), each with a phone and an opening date; ids by code. */
export function makeBranches(app: FastifyInstance): Promise<Record<string, number>> {
  return makeAll(app, 'branch', 'branch_code', [
    {
      branch_code: 'DHK-01',
      branch_name: 'Dhanmondi Main Hospital',
      branch_phone: '+880 2 9661551',
      branch_email: 'dhanmondi@hospital.local',
      branch_opening_date: '2015-03-01',
    },
    {
      branch_code: 'CTG-01',
      branch_name: 'Chattogram Eye Care Centre',
      branch_phone: '+880 31 2850011',
      branch_opening_date: '2019-09-15',
    },
    {
      branch_code: 'SYL-01',
      branch_name: 'Sylhet Pharmacy Outlet',
      branch_phone: '+880 821 720099',
      branch_opening_date: '2022-01-10',
      branch_status: 0,
    },
  ]);
}

/** Designations and departments a user is filed under; ids by code (PH is Pharmacist, OPH Ophthalmology). */
export async function makeStaffLists(
  app: FastifyInstance,
): Promise<{ designation: Record<string, number>; department: Record<string, number> }> {
  const designation = await makeAll(app, 'designation', 'designation_code', [
    { designation_code: 'SN', designation_name: 'Senior Nurse' },
    { designation_code: 'PH', designation_name: 'Pharmacist' },
  ]);
  const department = await makeAll(app, 'department', 'department_code', [
    { department_code: 'CARD', department_name: 'Cardiology' },
    { department_code: 'OPH', department_name: 'Ophthalmology' },
  ]);
  return { designation, department };
}

/** A doctor with a picture in a department of their own (Cardiology, code CARD-DR); the doctor's id. */
export async function makeDoctor(app: FastifyInstance): Promise<number> {
  const department = await makeRecord(app, 'department', { department_code: 'CARD-DR', department_name: 'Cardiology ward' });
  const doctor = await makeRecord(app, 'doctors', {
    name: 'Dr. Farhana Rahman',
    title: 'Consultant Cardiologist',
    doctor_department: idOf(app, 'department', department),
    picture: 'Dr. Farhana',
    degrees: [{ degree_name: 'MBBS', institiute: 'Dhaka Medical College' }],
    experience: [{ designation: 'Senior Consultant', organigation: 'National Heart Foundation', durations: '2012-2020' }],
    appointment: [{ days: 'Sun, Tue, Thu', times: '17:00-21:00' }],
    contact: [{ phone: '+880 1711 000111', email: 'farhana.rahman@hospital.local' }],
  });
  return idOf(app, 'doctors', doctor);
}

/** The About page's one record, with its pictures and a "why choose us" row. */
export function makeAbout(app: FastifyInstance): Promise<Row> {
  return makeRecord(app, 'about', {
    title: 'Green Life Medical Hospital',
    sub_title: 'Compassionate care, modern medicine',
    description: 'A hospital in Dhaka with round-the-clock emergency care.',
    why_choose_us: [{ title: '24/7 Emergency', description: 'Emergency physicians available day and night.' }],
    appointment_phone: '+880 1711 000000',
    appointment_email: 'appointment@hospital.local',
    logo: 'Logo',
    picture_1: 'Hospital building',
  });
}

/** Two optics categories and an item in each (the frame with two pictures, the lens with one); ids by code. */
export async function makeOptics(app: FastifyInstance): Promise<Record<string, number>> {
  const category = await makeAll(app, 'optics-category', 'optics_category_code', [
    { optics_category_code: 'SUN', optics_category_name: 'Sunglasses' },
    { optics_category_code: 'LNS', optics_category_name: 'Lenses' },
  ]);
  return makeAll(app, 'optics', 'optics_code', [
    {
      optics_code: 'RB-3025',
      optics_name: 'Ray-Ban Aviator Classic RB3025',
      optics_category: category.SUN,
      optics_type: 'Frame',
      optics_frame_material: 'Metal',
      optics_frame_shape: 'Aviator',
      optics_purchase_price: 14500,
      optics_sales_price: 18900,
      optics_picture: ['Ray-Ban front', 'Ray-Ban side'],
    },
    {
      optics_code: 'ESS-VRX-PRG',
      optics_name: 'Essilor Varilux Progressive Lens (pair)',
      optics_category: category.LNS,
      optics_type: 'Lens',
      optics_lens_type: 'Progressive',
      optics_purchase_price: 9800,
      optics_sales_price: 13500,
      optics_picture: ['Varilux'],
    },
  ]);
}
