/** Users screen (spec 000 sections 2, 3 and 5). */
export default {
  menu: { users: 'Users' },
  users: {
    select_branch: 'Select Branch',
    all_branches: 'All branches',
    permissions: 'Permissions',
    permissions_of: 'Permissions of %{name}',
    permissions_read_only: '%{name} holds permissions you do not, so you can see them here but not change them.',
    strength: { label: 'Strength', very_weak: 'Very weak', weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' },
  },
  resources: {
    users: {
      name: 'User |||| Users',
      needs_filter: 'Select Branch',
      fields: {
        user_picture: 'Picture',
        user_name: 'Name',
        username: 'Username',
        password: 'Password',
        c_password: 'Confirm Password',
        user_branch: 'Branch',
        user_group: 'Group',
        user_designation: 'Designation',
        user_department: 'Department',
        user_phone: 'Phone',
        user_email: 'Email',
        user_address: 'Address',
        user_status: 'Status',
      },
    },
  },
};
