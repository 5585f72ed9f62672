/** Users screen (spec 000 sections 2, 3 and 5). */
export default {
  users: {
    select_branch: 'Select Branch',
    all_branches: 'All branches',
    permissions: 'Permissions',
    permissions_of: 'Permissions of %{name}',
    permissions_read_only: '%{name} holds permissions you do not, so you can see them here but not change them.',
    strength: { label: 'Strength', very_weak: 'Very weak', weak: 'Weak', fair: 'Fair', good: 'Good', strong: 'Strong' },
  },
};
