package advise

import (
	"testing"

	"github.com/dynamodb-workbench/workbench/engine/attr"
	"github.com/dynamodb-workbench/workbench/model/gen"
)

// clinic has patients that no entity contains: appointments (under
// doctors, under clinics) refer to them.
const clinic = `
name Clinic
Clinic: clinicId, name, city
Doctor of Clinic 3-20: doctorId, name, specialty
Patient: patientId, name, email
Appointment of Doctor 0-30: appointmentId, patientId, status, startsAt
get Clinic by clinicId with Doctors, 20/s "Clinic with its doctors"
list Appointments by doctorId range startsAt newest first limit 20, 50/s "A doctor's upcoming appointments"
list Appointments by patientId where status = BOOKED, 30/s "A patient's booked appointments"
create Appointment, 100/s "Book"
get Patient by patientId, 60/s "Patient profile"
`

// TestReferencedRootsAreSized: the proposal's dataset makes as many
// patients as give each a few appointments (gen.RefsPerValue, counted
// over the loaded data), not one patient per clinic with every
// appointment of the clinic's doctors (130 booked appointments a patient
// before); the patient's read returns a page, and the reasons' counts
// follow the same rounds.
func TestReferencedRootsAreSized(t *testing.T) {
	in, err := Parse(clinic)
	if err != nil {
		t.Fatal(err)
	}
	m := propose(t, in).Model
	db, _ := m.NewDatabase()
	if _, err := m.Load(db, nil); err != nil {
		t.Fatal(err)
	}
	patients, appointments := 0, 0
	scanAll(t, db, m.Tables[0].TableName, func(it attr.Item) {
		switch {
		case it["appointmentId"] != nil:
			appointments++
		case it["patientId"] != nil && it["email"] != nil:
			patients++
		}
	})
	per := float64(appointments) / float64(max(1, patients))
	if per < gen.RefsPerValue/2.0 || per > gen.RefsPerValue*2 {
		t.Errorf("%d patients for %d appointments: %.1f each, want about %d", patients, appointments, per, gen.RefsPerValue)
	}
	m.SetExamples(m.FindExamples(db))
	booked := m.AccessPattern("A patient's booked appointments")
	res, err := booked.Run(db, booked.Examples())
	if err != nil || len(res.Items) == 0 || len(res.Items) > 4*gen.RefsPerValue {
		t.Errorf("a patient's booked appointments: %d items (%v)", len(res.Items), err)
	}
}
