import englishMessages from 'ra-language-english';

/**
 * English catalogue: react-admin's own messages, the app's labels (`app.*`), menu groups
 * (`menu.*`) and every descriptor field and rows sub-field (`resources.<name>.fields.<field>`;
 * rows sub-fields sit flat beside the fields because a key cannot be both a label and a folder).
 */
export const en = {
  ...englishMessages,
  // The server's own wording for saved records (spec 000: "Data Insert Successfully").
  ra: {
    ...englishMessages.ra,
    notification: {
      ...englishMessages.ra.notification,
      created: 'Data Insert Successfully',
      updated: 'Data Update Successfully',
      deleted: 'Data Delete Successfully',
    },
  },
  app: {
    title: 'Hospital Console',
    version: 'v3.0.1',
    home: 'Home',
    dashboard: 'Dashboard',
    catalogue: 'Catalogue summary',
    records: '%{smart_count} record |||| %{smart_count} records',
    data_not_found: 'Data Not Found',
    confirm_delete: 'Do You Want to Delete?',
    yes: 'Yes',
    no: 'No',
    processing: 'Processing...',
    save: 'Save',
    new: 'New',
    new_record: 'New %{name}',
    update_record: 'Update %{name}',
    edit: 'Edit',
    delete: 'Delete',
    serial: 'SL',
    options: 'Options',
    search: 'Search',
    status: 'Status',
    active: 'Active',
    inactive: 'Inactive',
    all: 'All',
    no_image: 'No Image',
    recommended_size: 'Recommended size: %{width}x%{height} px',
    error_title: 'Something went wrong',
    error_body: 'The data could not be loaded. Please try again.',
    retry: 'Try again',
    add_row: 'Add row',
    remove_row: 'Remove row',
    saved: 'Saved',
    deleted: 'Deleted',
    sign_in: {
      title: 'Sign in',
      greeting: 'Welcome to the transaction panel',
      username: 'Username',
      password: 'Password',
      show_password: 'Show password',
      hide_password: 'Hide password',
      remember: 'Remember me',
      forgot: 'Forgot password?',
      submit: 'Sign in',
    },
    forgot: {
      title: 'Forgot password',
      body: 'Please contact your administrator to reset your password.',
      back: 'Back to sign in',
    },
  },
  menu: {
    branch: 'Branch',
    group: 'User Group',
    designation: 'Designation',
    department: 'Department',
    doctors: 'Doctors',
    pharmacy: 'Pharmacy',
  },
  resources: {
    branch: {
      name: 'Branch |||| Branches',
      fields: {
        branch_code: 'Code',
        branch_name: 'Name',
        branch_phone: 'Phone',
        branch_email: 'Email',
        branch_address: 'Address',
        branch_opening_date: 'Opening Date',
        branch_status: 'Status',
      },
    },
    group: {
      name: 'User Group |||| User Groups',
      fields: { group_code: 'Group Code', group_name: 'Group Name', group_status: 'Status' },
    },
    designation: {
      name: 'Designation |||| Designations',
      fields: { designation_code: 'Code', designation_name: 'Name', designation_status: 'Status' },
    },
    department: {
      name: 'Department |||| Departments',
      fields: { department_code: 'Code', department_name: 'Name', department_status: 'Status' },
    },
    doctors: {
      name: 'Doctor |||| Doctors',
      fields: {
        picture: 'Picture',
        name: 'Name',
        title: 'Title',
        doctor_department: 'Department',
        short_description: 'Short Description',
        description: 'Description',
        degrees: 'Degrees',
        degree_name: 'Degree Name',
        institiute: 'Institute',
        experience: 'Experience',
        designation: 'Designation',
        organigation: 'Organization',
        durations: 'Duration',
        appointment: 'Appointment',
        days: 'Days',
        times: 'Times',
        contact: 'Contact',
        phone: 'Phone',
        email: 'Email',
        status: 'Status',
      },
    },
    'pharmacy-category': {
      name: 'Pharmacy Category |||| Pharmacy Categories',
      fields: {
        pharmacy_category_code: 'Code',
        pharmacy_category_name: 'Name',
        pharmacy_category_status: 'Status',
      },
    },
    medicine: {
      name: 'Medicine |||| Medicines',
      fields: {
        medicine_picture: 'Picture',
        medicine_code: 'Medicine Code',
        medicine_name: 'Name',
        medicine_category: 'Category',
        medicine_purchase_price: 'Purchase Price',
        medicine_sales_price: 'Sales Price',
        medicine_sales_profit: 'Sales Profit',
        medicine_description: 'Description',
        medicine_status: 'Status',
      },
    },
  },
};

export type Messages = typeof en;
